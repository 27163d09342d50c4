"""MkDocs plugin for the Riftbound combat rules site (a thin adapter over the core)."""
