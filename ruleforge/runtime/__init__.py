"""The runtime: a checked program compiled once, and the state it plays on.

The compiler turns what `ruleforge.lang` produced into a program; the engine runs it
decision by decision; view and determinize say what a seat may know. Runtime modules
import from `ruleforge.lang`, never from the drivers.
"""
