"""The drivers: everything that plays games through the runtime's state API.

Agents, simulation and its reports, comparison, the deep check, replay, narration, the
terminal and the OpenSpiel adapter. Drivers use the runtime; the runtime never imports
them.
"""
