"""One module (or package) per rule system; each exposes `SYSTEM`."""
