"""`python -m mushka` runs the command line."""

from mushka.cli import main

main()
