Pod::Spec.new do |spec|
  spec.name          = 'SynExtensions'
  spec.version       = '1.0.5'
  spec.summary       = 'Extensions on Foundation and UIKit types shared by every layer.'
  spec.homepage      = 'https://github.com/synstagram/SynExtensions'
  spec.license       = { type: 'MIT', file: 'LICENSE' }
  spec.author        = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  spec.source        = { git: "https://github.com/synstagram/#{spec.name}.git", tag: "#{spec.version}" }

  spec.ios.deployment_target = '15.0'
  spec.swift_version = '5.9'
  spec.source_files  = 'Sources/**/*.{swift}'

  # Remote images are loaded through Kingfisher, behind `UIImageView.setRemoteImage`.
  spec.dependency 'Kingfisher', '~> 7.10'
end
