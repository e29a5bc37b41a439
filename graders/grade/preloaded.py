"""Imported last by the workers' forkserver, after everything it preloads (see
:func:`graders.grade.workers.context`): it freezes those objects out of the garbage collector's
sight (``gc.freeze``).

Every worker is a fork of the forkserver and shares its memory page by page until it writes
to one. A full collection in a worker walks every object it inherited and writes to each,
copying nearly all of those pages: unpickling a batch's settings took 25 ms in a new worker
instead of 4, and the grader waits for it. Frozen objects are never walked (nor collected:
what the server imported lives as long as it does anyway).
"""

import gc

gc.freeze()
