"""Long runs of the crash, fuzz and undo tests that print their figures (``make stress``);
``test_stress.py`` runs each of them briefly in ``make test``."""
