"""How a river's course is found between the links that cross it (metro/river.py redraws rivers with it):
the ways tried between two crossings and how each is judged (`ways`), and the search through the stations
where none of the usual shapes keeps the banks (`corridor`)."""
