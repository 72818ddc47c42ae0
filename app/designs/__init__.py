"""What the rule systems' design libraries share on screen: the library dialog (the list of
shipped and own designs, new, edit, duplicate, delete, import, export, each change
undoable) and the purchases row of the New Game dialogs. A rule system subclasses them
with its own editor, preview and purchase dialog; nothing here names a rule system."""
