import Sealed
import Inner

// Sealed imports Inner internally (its clients do not load Inner through it); the file uses
// Inner's member: used.
let kept = Sealed.hush("A") + "B".whispered
