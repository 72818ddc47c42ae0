"""What the vector games share on screen: the course-plotting overlay and the pieces on the
map."""
