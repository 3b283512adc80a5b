import struct Names.Token
import struct Names.Other

let scoped = Token()
