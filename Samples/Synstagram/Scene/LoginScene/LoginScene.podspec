Pod::Spec.new do |s|
  s.name             = 'LoginScene'
  s.version          = '1.0.5'
  s.summary          = 'The login screen.'
  s.homepage         = 'https://github.com/synstagram/LoginScene'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/LoginScene.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.source_files     = 'Sources/**/*.swift'
  s.resources        = ['Resources/*.xcassets']

  s.dependency 'SynDependencies/Login', '1.0.5'
  s.dependency 'SynDependencies/AlbumList', '1.0.5'
  s.dependency 'SynAPIService', '1.0.5'
  s.dependency 'SynDIContainer', '1.0.5'
  s.dependency 'SynUI', '1.0.5'
  s.dependency 'SynExtensions', '1.0.5'

  s.test_spec 'Tests' do |test|
    test.source_files = 'Tests/**/*.swift'
    test.dependency 'SynAPIService'
  end
end
