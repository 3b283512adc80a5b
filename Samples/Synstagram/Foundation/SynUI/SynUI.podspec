Pod::Spec.new do |s|
  s.name             = 'SynUI'
  s.version          = '1.0.5'
  s.summary          = "Synstagram's design system: colors, type, buttons, loading states."
  s.homepage         = 'https://github.com/synstagram/SynUI'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/SynUI.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.source_files     = 'Sources/**/*.swift'
  s.resource_bundles = {
    'SynUI' => ['Resources/**/*.{xcassets,strings}']
  }
  s.frameworks       = 'UIKit'
end
