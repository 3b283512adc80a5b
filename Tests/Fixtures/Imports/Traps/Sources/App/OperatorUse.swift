import Operators

let combined = 1 <~> 2
