import CMath

/// A typedef'd struct of a second header of the umbrella folder.
func swapped(_ pair: cm_pair) -> cm_pair { cm_pair(first: pair.second, second: pair.first) }
