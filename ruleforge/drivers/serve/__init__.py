"""`ruleforge serve`: a game played in browsers, each seat on its own screen (see docs/serve.md).

table.py holds the game, its seats and the checks on every move; drawing.py turns a
seat's view into what the page draws; app.py is the web side (Starlette on uvicorn);
static/ holds the one page, its script and its style, with no build step.
"""
