"""``python -m rulebook import …``: see ``rulebook.update``."""

import sys

from rulebook.update import main

sys.exit(main())
