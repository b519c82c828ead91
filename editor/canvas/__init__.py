"""The map on the screen: the camera (`view`) and the drawing of the board being edited (`render`)."""
