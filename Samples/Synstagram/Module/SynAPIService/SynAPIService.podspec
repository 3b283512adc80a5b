Pod::Spec.new do |s|
  s.name             = 'SynAPIService'
  s.version          = '1.0.5'
  s.summary          = "Synstagram's server API: authentication and albums."
  s.homepage         = 'https://github.com/synstagram/SynAPIService'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/SynAPIService.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.source_files     = 'Sources/**/*.swift'
  s.exclude_files    = 'Sources/**/*+Stub.swift'

  s.dependency 'SynNetwork', '1.0.5'
  s.dependency 'SynExtensions', '1.0.5'
end
