# Foundation layer: knows HTTP, nothing about Synstagram.
version = '1.0.5'

Pod::Spec.new do |s|
  s.name             = 'SynNetwork'
  s.version          = version
  s.summary          = 'A small async/await HTTP client.'
  s.description      = <<-DESC
    Endpoints, request building, status validation and JSON decoding on top of
    URLSession. Every pod that talks to a server goes through it.
  DESC
  s.homepage         = 'https://github.com/synstagram/SynNetwork'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/SynNetwork.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_versions   = %w[5.9 5.10]
  s.source_files     = 'Sources/**/*.swift'
end
