import RemoteKit
import XcodeKit
import Pod_Kit
import Uncharted

// RemoteClient is RemoteKit's; `Frame` comes from RemoteCore, which RemoteKit re-exports.
let client = RemoteClient(frame: Frame())
let window = XcodeWindow()
let badge = PodBadge()
let chart = Chart()
