"""Message catalogs: English and Finnish."""
