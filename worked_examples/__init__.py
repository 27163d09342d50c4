"""Worked examples: run scenarios once per build, verify them, render them as HTML."""
