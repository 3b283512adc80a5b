import Inner

// Only Inner's member, and another file's import of Outer loads Inner for the whole module:
// the file uses Inner all the same, so its import stays.
let murmured = "C".whispered
