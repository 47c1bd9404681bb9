"""The table's dialog flows: each gets the dashboard as a :class:`~fatescreen.ui.table.Table`
(what it shows, and the one way to apply a request) and never imports the app."""
