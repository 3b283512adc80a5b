Pod::Spec.new do |s|
  s.name             = 'AlbumListScene'
  s.version          = '1.0.5'
  s.summary          = "The signed-in user's albums."
  s.homepage         = 'https://github.com/synstagram/AlbumListScene'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = { 'Synstagram iOS' => 'ios@synstagram.dev' }
  s.source           = { :git => 'https://github.com/synstagram/AlbumListScene.git', :tag => s.version.to_s }

  s.ios.deployment_target = '15.0'
  s.swift_version    = '5.9'
  s.source_files     = 'Sources'

  %w[AlbumList Login].each do |interface|
    s.dependency "SynDependencies/#{interface}", '1.0.5'
  end
  s.dependency 'SynAPIService', '1.0.5'
  s.dependency 'SynDIContainer', '1.0.5'
  s.dependency 'SynUI', '1.0.5'
  s.ios.dependency 'SynExtensions', '1.0.5'
end
