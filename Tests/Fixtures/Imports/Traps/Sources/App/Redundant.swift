import Names
import Umbrella
import Operators
import Operators

// Umbrella re-exports Names: the import of Names gives nothing Umbrella does not. Operators twice.
let wrapped = Token()
let summed = 4 <~> 2
