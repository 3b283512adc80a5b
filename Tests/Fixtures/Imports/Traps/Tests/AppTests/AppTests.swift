@testable import Names
@testable import App

let hidden = InternalToken()
