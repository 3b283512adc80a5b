Pod::Spec.new do |s|
  s.name          = 'SynWidgetKit'
  s.version       = '1.0.5'
  s.summary       = 'Timeline entries and views for the home-screen widget.'
  s.homepage      = 'https://github.com/synstagram/SynWidgetKit'
  s.license       = { :type => 'MIT', :file => 'LICENSE' }
  s.author        = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source        = { :git => 'https://github.com/synstagram/SynWidgetKit.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version = '5.9'
  s.source_files  = 'Sources/**/*.swift'
  s.frameworks    = %w[WidgetKit SwiftUI]
end
