import Inner

// Only Inner's member, and another file's import of Outer loads Inner for the whole module.
let murmured = "C".whispered
