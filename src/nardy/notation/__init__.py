"""Text forms of nardy data: position objects, position IDs and game records."""
