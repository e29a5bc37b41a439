"""Reference implementations, one module or subpackage per assignment.

References are pure functions over immutable values: they never mutate what a
caller hands them.  The grader runs them in its own process to produce expected
outputs; student code never imports this package.
"""
