import Umbrella

let token = Token()
