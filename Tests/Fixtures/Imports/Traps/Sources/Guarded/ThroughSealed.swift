import Sealed
import Inner

// Sealed imports Inner internally: its clients do not load Inner through it.
let kept = Sealed.hush("A") + "B".whispered
