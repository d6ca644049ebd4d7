"""Small helpers with no knowledge of quizzes: atomic file writes and a garbage-collector pause."""
