Pod::Spec.new do |s|
  s.name         = 'SynDIContainer'.freeze
  s.version      = '1.0.5'
  s.summary      = 'The dependency container scenes resolve their collaborators from.'
  s.description  = <<~DESC
    A hand-written container: the app registers `DependencyItem` types at launch,
    scenes read them through the `@Injectable` property wrapper.
  DESC
  s.homepage     = 'https://github.com/synstagram/SynDIContainer'
  s.license      = { :type => 'MIT', :file => 'LICENSE' }
  s.author       = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source       = { :git => 'https://github.com/synstagram/SynDIContainer.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version = '5.9'
  s.source_files = 'Sources/*.swift'

  # Linked into whatever uses it, even when that is a dynamic framework.
  s.static_framework = true
end
