"""The language: the grammar, parsing, the syntax tree, the checker and its diagnostics.

Everything before the compile step lives here: text in, a checked program (or a list of
diagnostics) out. Nothing here knows how a game is played.
"""
