"""The GM command language: text to parsed command to an operation on a scene."""
