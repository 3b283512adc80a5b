import Extras
import Alpha
import Beta

// `shouted` is Extras' own; `tidy` is declared by both Alpha and Beta.
let loud = "hello".shouted
let neat = " a b ".tidy
