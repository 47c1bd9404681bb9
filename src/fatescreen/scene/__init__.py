"""The scene model, its TOML format, the journal and the undo history."""
