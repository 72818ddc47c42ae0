; Inno Setup script for Ecliptic's Windows installer. Built by the release workflow
; (.github/workflows/release.yml) after `python packaging/build.py --no-wrap`, which
; makes dist\ecliptic\ (the bundle) and build\packaging\ (icon, file types):
;   iscc /DAppVersion=0.1.0 packaging\windows\ecliptic.iss
; The installer goes to dist\ecliptic-VERSION-windows-setup.exe.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{FE46E3BB-19E4-4401-860F-DEEB884F0255}
AppName=Ecliptic
AppVersion={#AppVersion}
AppPublisher=Ecliptic developers
DefaultDirName={autopf}\Ecliptic
DefaultGroupName=Ecliptic
DisableProgramGroupPage=yes
OutputDir=..\..\dist
OutputBaseFilename=ecliptic-{#AppVersion}-windows-setup
SetupIconFile=..\..\build\packaging\ecliptic.ico
UninstallDisplayIcon={app}\ecliptic.exe
Compression=lzma2
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; per-user or for everyone, as the person installing chooses; HKA follows the choice
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
WizardStyle=modern

[Files]
Source: "..\..\dist\ecliptic\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{autoprograms}\Ecliptic"; Filename: "{app}\ecliptic.exe"
Name: "{autodesktop}\Ecliptic"; Filename: "{app}\ecliptic.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; Flags: unchecked

[Run]
Filename: "{app}\ecliptic.exe"; Description: "{cm:LaunchProgram,Ecliptic}"; Flags: nowait postinstall skipifsilent

; The file types (campaign, play-by-mail player and order files) with their icon and
; open command, written by packaging/build.py from core/campaign/filetypes.py.
#include "..\..\build\packaging\filetypes.iss"
