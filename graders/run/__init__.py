"""Running untrusted submissions: the child harness and the sandbox around it."""
