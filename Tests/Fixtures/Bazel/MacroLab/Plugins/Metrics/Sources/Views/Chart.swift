public struct Chart {}
