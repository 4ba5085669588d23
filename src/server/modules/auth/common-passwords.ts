/**
 * The most common passwords in public breach corpora, lower-cased. Short entries matter too: the strength check
 * also compares a password with its trailing digits and symbols removed ("Monkey123!" → "monkey").
 * Data only; see password-strength.ts for how it is used.
 */
const LIST = `
123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234 password1
iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321 monkey 27653 1qaz2wsx
123321 qwertyuiop superman asdfghjkl 123qwe football baseball welcome login admin 121212 flower passw0rd
shadow master hello freedom whatever qazwsx trustno1 michael jennifer hunter ashley bailey charlie daniel
jessica mustang access batman starwars 696969 solo 666666 987654321 1qaz2wsx3edc 7777777 888888 555555
computer michelle tigger soccer hockey killer george sexy andrew superstar harley ranger buster thomas
robert jordan hannah maggie joshua pepper summer amanda ginger taylor austin matthew 1111111 131313 pussy
cheese yankees chelsea biteme matrix secret asshole fuckyou fuckme diamond 11111111 samsung blink182 orange
internet anthony william nicole 12341234 purple mercedes corvette cookie 123abc scooter bandit qwerty1 tennis
banana chicken dallas lakers liverpool arsenal barcelona juventus playboy jasmine madison mickey minecraft
pokemon naruto spiderman batman1 starwars1 monkey1 dragon1 letmein1 welcome1 welcome123 password123
password12 password1234 passw0rd1 p@ssw0rd p@ssword pa55word pa55w0rd passwort motdepasse contrasena
contraseña senha parola wachtwoord haslo salasana lozinka jelszo heslo 12345678910 123456a 123456q a123456
aa123456 abcd1234 abcdef abcdefg abcdefgh abc12345 qwe123 qweasd qweasdzxc qazxsw asdasd asdf asdf1234
asdfgh asdfghjk zxcvbn zxcvbnm zxcvbnm1 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 qwer1234 qwert
qwertyu qwertyui 1234qwer 123qweasd 123456789a 0987654321 987654 9876543210 112233 11223344 121314 123654
147258 147258369 159357 159753 1234554321 123456654321 147852 147852369 159951 741852963 789456 789456123
852456 963852741 100200 102030 123123123 123321123 999999 99999999 88888888 77777777 66666666 55555555
44444444 33333333 22222222 00000000 12121212 11112222 1111 2222 aaaaaa aaaaaaaa abc abcabc admin123
administrator root toor guest user test test123 testing tester demo default changeme changeit secret123
letmein123 iloveyou1 iloveu loveme lovely love love123 loveyou babygirl baby angel angel1 beautiful
butterfly sweety sweetheart princess1 rockyou chocolate friends family forever fuckoff monkey12 jesus
jesus1 christ blessed faith god heaven trinity michael1 daniel1 jordan23 jordan1 charlie1 thomas1 joshua1
ashley1 jessica1 jennifer1 nicole1 andrea andrew1 anthony1 alexander alexandra alex123 samantha victoria
elizabeth patrick richard robert1 steven justin brandon1 brandon hunter1 hunter2 buster1 tigger1 shadow1
master1 killer1 ginger1 pepper1 maggie1 cookie1 sophie oliver benjamin william1 jackson jack james james1
john john123 johnny mike mike123 david david123 peter paul mark chris chris1 kevin jason jason1 eric ryan
matt martin maria mary anna emma olivia sarah laura lauren melissa amber heather rachel megan morgan
computer1 internet1 qwerty12 qwerty1234 qwertyuiop1 football1 baseball1 soccer1 hockey1 basketball
volleyball golf golfer tennis1 skate surfer racing ferrari porsche mustang1 corvette1 yamaha harley1
honda toyota nissan bmw audi mercedes1 chevy ford garfield snoopy scooby pikachu batman123 superman1
spider ironman hulk thor loki marvel starwar jedi yoda vader gandalf frodo hobbit zelda mario luigi sonic
halo xbox playstation nintendo gamer gaming minecraft1 fortnite roblox steam warcraft diablo matrix1
trustno1 q1w2e3 zaq1xsw2 zaq1zaq1 xsw2zaq1 1qazxsw2 !qaz2wsx azerty azerty123 azertyuiop wasd qwertz
qwertz123 abcde 12qwaszx 1234abcd abcd abcd123 a1b2c3 a1b2c3d4 aaa111 aa12345678 pass pass123 pass1234
passwd password! password1! password2 password01 passpass mypassword newpassword yourpassword nopassword
thepassword secretpassword temp temp123 temppass welcome! welcome2 hello123 hello1 helloworld hi hey
sunshine1 shadow123 summer1 summer2023 summer2024 summer2025 winter winter1 spring autumn fall monday
friday sunday january february march april june july august september october november december
london paris berlin madrid moscow newyork chicago boston texas california canada america usa england
germany france italy spain india china japan russia brazil mexico australia nigeria poland ukraine
killer123 freedom1 whatever1 letmein! iamthebest imthebest loser winner winner1 champion legend
goodluck lucky lucky7 luckyone money money123 cash rich million dollar gold silver diamond1 crystal
bubbles flower1 flowers rose lily daisy tulip orchid sunflower rainbow unicorn dolphin tiger lion
eagle falcon hawk wolf bear panda monkey123 dragon123 horse pony kitten kitty cat dog puppy doggy
snake fish bird pepsi coke cocacola coffee tea beer vodka whiskey pizza burger cheese1 banana1 apple
apple123 orange1 lemon cherry strawberry peaches mango qwerty11 asdf123 zxc123 zxcv1234 asdfqwer
1password 2password 12345qwert 123456qwerty qwerty123456 1234567a 123456789q 12345qwe 12345a 1a2b3c4d
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
