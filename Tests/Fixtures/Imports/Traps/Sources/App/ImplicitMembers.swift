import Inits
import Callables

let nine = Int(tripled: 3)
let echoed = makeSender()(1)
