"""What the user can do by name: each action is a small function with its keys, its tool-bar button and its
help line, kept in one registry (`catalogue.make_registry`) that the tool bar, the keys and the help overlay
read. A new command is a new module here and one line in the catalogue.
"""
