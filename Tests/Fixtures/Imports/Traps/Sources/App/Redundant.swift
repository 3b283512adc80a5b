import Names
import Umbrella
import Operators
import Operators

// Umbrella re-exports Names and the file uses only Names: the import of Umbrella gives nothing
// the import of Names does not. Operators twice.
let wrapped = Token()
let summed = 4 <~> 2
