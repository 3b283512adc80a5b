// Every feature reaches the external libraries through this one dynamic framework.
@_exported import Alamofire
@_exported import Kingfisher
