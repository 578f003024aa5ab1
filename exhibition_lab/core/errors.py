# temporary stand-in until the package move lands: the errors live in core/errors.py there
from ..errors import *  # noqa: F403
from ..errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError, SaveFileError  # noqa: F401
