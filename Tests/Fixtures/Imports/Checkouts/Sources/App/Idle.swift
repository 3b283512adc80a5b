import RemoteKit
import XcodeKit
import Pod_Kit
import MixedPod
import Uncharted

// Names none of them declares: RemoteClient, XcodeWindow and PodBadge appear only in this
// comment, and "Frame" only in a string. MixedPod has Objective-C beside its Swift: its names
// are not all in the Swift files, so its import stays unknown.
let label = "Frame"
