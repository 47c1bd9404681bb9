"""The Textual dashboard: panes, dialogs and key bindings; it shows and asks, never decides."""
