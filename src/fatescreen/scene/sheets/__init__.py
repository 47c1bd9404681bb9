"""Characters kept in other tools' files: Fari's and Fate Core Official's character JSON read
into fatescreen's terms (with a report of what was mapped and what was left out), and Fari's
character JSON written back."""
