import RemoteKit
import XcodeKit
import Pod_Kit
import RemoteCore
import Uncharted

// Names none of them declares: RemoteClient, XcodeWindow and PodBadge appear only in this
// comment, and "Frame" only in a string.
let label = "Frame"
