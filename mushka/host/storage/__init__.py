"""The table's files: paths, private and hostile files, records, the autosave, the score history."""
