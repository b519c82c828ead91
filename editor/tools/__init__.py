"""The canvas tools: each turns mouse and key input on the map into edits of the editing session.

`toolbox.make_tools` is the one place a tool is registered; the tool bar and the keys come from
`editor.text.TOOLS`, in the same order.
"""
